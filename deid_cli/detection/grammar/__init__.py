"""Grammar for text never seen: the slots of a person mention (``person``), used by the maskers
that parse mentions (Salutation, FullName)."""

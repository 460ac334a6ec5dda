"""Grammar for text never seen: the slots of a person mention (``person``) and signature blocks
(``signature``), used by the maskers that parse mentions (Salutation, FullName), and the cue
phrases around a name (``cues``) that corpus-wide learning weighs."""

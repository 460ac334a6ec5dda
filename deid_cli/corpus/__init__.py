"""The corpus on disk: which files a run reads, their records, and outputs written atomically.

``discovery`` (inputs and output paths), ``records`` (records, rejections, byte edits), ``jsonl``
and ``csv_format`` (the readers), ``corpus_file`` (one file: read, render), ``deep_json`` (records
nested deeper than orjson reads), ``atomic`` (temp file + rename), ``locking`` (one run per
destination), ``fingerprint`` (inputs that change during a run).
"""

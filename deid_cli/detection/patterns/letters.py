"""A capital letter of the Latin scripts, as a regex group.

Names and places in German and Austrian notes are not all German: "Šimić", "Çelik", "Łódź",
"Ørsted", "Țurcanu". A pattern that wants a name's capital writes ``{CAPITAL}``, so the first
letter is tested the same way everywhere and no rule knows only the German capitals.

Latin-1's capitals are exact. Beyond Latin-1 every letter counts: in Latin Extended-A and -B
capitals and small letters alternate, and a small letter there ("š", "ł"), or any letter of
another script, starts almost no word of a German note. It is written as "a letter above
U+00FF" because a class that lists those letters compiles into a 64K-character table, built in
Python for each of the hundred patterns that read a capital (about 0.05 s per process).
"""

from __future__ import annotations

CAPITAL = r"(?:[A-Z\xc0-\xd6\xd8-\xde]|[^\W\d_\x00-\xff])"

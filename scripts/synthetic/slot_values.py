"""Plain (non-PHI) slot values: drugs and doses, fixed phrases, numbers and dates.

Why a module: rendering fills the non-PHI slots from here, and the name pools keep every word
used here out of the generated names.
"""

from __future__ import annotations

import random
from collections.abc import Callable

# fmt: off
_DRUGS: tuple[str, ...] = (
    "Torasemid", "Furosemid", "Entresto", "Bisoprolol", "Ramipril", "Spironolacton",
    "Dapagliflozin", "Eplerenon", "Lasix", "Concor", "Forxiga", "Jardiance",
)
DRUG_DOSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Torasemid", ("5 mg", "10 mg", "20 mg", "2,5mg")), ("Furosemid", ("20 mg", "40 mg", "40mg")),
    ("Entresto", ("24/26 mg", "49/51 mg", "97/103 mg")), ("Bisoprolol", ("1,25 mg", "2,5 mg", "5 mg")),
    ("Ramipril", ("2,5 mg", "5 mg")), ("Spironolacton", ("25 mg", "50 mg")),
    ("Dapagliflozin", ("10 mg",)), ("Eplerenon", ("25 mg",)), ("Concor", ("2,5 mg", "5mg")),
)
SIMPLE_SLOTS: dict[str, tuple[str, ...]] = {
    "swelling": ("leicht geschwollen", "deutlich geschwollen", "unverändert", "abgeschwollen"),
    "oedema": ("+", "++", "bds.", "rückläufig", "keine"),
    "toras": ("5", "10", "20", "2,5"),
    "entresto": ("24/26", "49/51", "97/103"),
    "diuretic_change": ("angepasst", "erhöht", "reduziert", "lt. Plan", "pausiert"),
    "when": ("morgen", "übermorgen", "Mo", "nächste Woche", "am Fr", "in 2 Tagen", "heute Nachmittag"),
    "topic": ("Medikation", "Waage", "Diuretika", "Trinkmenge", "App", "Termin", "Rezept", "Blutdruck"),
    "event": ("Myokardinfarkt 2019", "PCI 2021", "Bypass-OP", "Schrittmacher", "ICD-Implantation",
              "Dekompensation 03/23", "TAVI", "Pneumonie"),
    "dx": ("Dekompensation", "Pneumonie", "VHF", "Synkope", "Hyponatriämie", "Sturz"),
    "plan": ("Torasemid erhöhen", "Kontrolle in 1 Woche", "Labor nächste Woche",
             "Diuretika pausieren", "weiter wie bisher", "Rückruf morgen"),
    "reason": ("Hypotonie", "Krea-Anstieg", "Schwindel", "Hyperkaliämie"),
    "dose_time": ("1-0-0", "1-0-1", "0-0-1", "½-0-0", "morgens", "abends"),
    "advice": ("täglich wiegen", "Salz reduzieren", "Beine hochlagern", "mehr bewegen",
               "Trinkmenge einhalten"),
    "drug": _DRUGS,
    "Drug": _DRUGS,
}
# fmt: on


def digits(rng: random.Random, count: int) -> str:
    return "".join(str(rng.randrange(10)) for _ in range(count))


def _date(rng: random.Random) -> str:
    day, month = rng.randint(1, 28), rng.randint(1, 12)
    form = rng.randrange(4)
    if form == 0:
        return f"{day}.{month}."
    if form == 1:
        return f"{day:02d}.{month:02d}.{rng.randint(2021, 2025)}"
    if form == 2:
        return f"{day}.{month}.{rng.randint(21, 25)}"
    return f"{day:02d}.{month:02d}."


NUMBER_SLOTS: dict[str, Callable[[random.Random], str]] = {
    "weight": lambda r: f"{r.randint(52, 118)},{r.randrange(10)}",
    "dw": lambda r: r.choice(("+", "-", "+", "+")) + r.choice(("1", "2", "1,5", "0,5", "3", "2,4")),
    "dw_up": lambda r: "+" + r.choice(("1", "2", "1,5", "2,5", "3", "2,4")),
    "rr": lambda r: f"{r.randint(95, 165)}/{r.randint(55, 95)}",
    "hf": lambda r: str(r.randint(48, 112)),
    "spo2": lambda r: str(r.randint(88, 99)),
    "n_small": lambda r: str(r.randint(2, 6)),
    "liters": lambda r: r.choice(("1", "1,5", "2", "1,2")),
    "pain": lambda r: str(r.randint(0, 7)),
    "bnp": lambda r: str(r.randint(300, 9000)),
    "krea": lambda r: r.choice(("0,8", "0,9", "1,1", "1,3", "1,6", "1,9", "2,4")),
    "kalium": lambda r: f"{r.randint(3, 5)},{r.randrange(10)}",
    "age": lambda r: str(r.randint(54, 94)),
    "time": lambda r: f"{r.randint(7, 17)}:{r.choice(('00', '15', '30', '45'))}",
    "date": _date,
}

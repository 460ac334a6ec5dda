"""What the fault tests share: a small corpus, the real ``deid`` run as a child process (plain,
or through ``fault_wrapper.py`` with a fault planted), and looks at what a run left behind.

Every name, place and number in the corpus is invented.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

DEID = Path(sys.executable).with_name("deid")
WRAPPER = Path(__file__).with_name("fault_wrapper.py")
TIMEOUT_S = 120  # hang guard for one run

NOTE = (
    "Herr {name} wurde am 3.4.2020 von Dr. Hofbrunninger in Graz untersucht; Rückruf unter "
    "0316 4471 {number:04d}. Befund {number} unauffällig."
)
# Temp files and lock files: never left under a destination name, removed by the next run.
LEFTOVER_MARKERS = (".deid-tmp-", ".deid-lock")


def write_corpus(path: Path, records: int = 600, name: str = "Zirbleitner") -> bytes:
    """A JSONL corpus of ``records`` notes (600: three batches, so ``--workers 2`` forks)."""
    lines = [json.dumps({"id": f"n{i}", "text": NOTE.format(name=name, number=i)}) for i in range(records)]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    path.write_bytes(data)
    return data


def run_args(workers: int, *extra: str) -> list[str]:
    """A nightly job's arguments: one corpus file, its --stats, reproducible codes."""
    return [
        "notes.jsonl",
        "-o",
        "out.jsonl",
        "--stats",
        "stats.json",
        "--seed",
        "7",
        "-q",
        "--workers",
        str(workers),
        *extra,
    ]


def _child_setup() -> None:
    """In the child: Ctrl-C as in a terminal, even if the test runner was started ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_child(cwd: Path, *args: str, **limits: object) -> subprocess.CompletedProcess[str]:
    """``deid run ARGS`` as a child process, to its end (``preexec_fn`` may set limits)."""
    return subprocess.run(
        [str(DEID), "run", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        **limits,  # type: ignore[call-overload]
    )


def start_with_fault(
    cwd: Path, fault: str, *args: str, command: str = "run"
) -> tuple[subprocess.Popen[str], Path]:
    """``deid COMMAND ARGS`` through the fault wrapper, in its own process group; returns the
    process and the control directory it announces itself in."""
    control = cwd / "control"
    control.mkdir(exist_ok=True)
    process = subprocess.Popen(
        [sys.executable, str(WRAPPER), fault, str(control), "--", command, *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_child_setup,
    )
    return process, control


def run_with_fault(cwd: Path, fault: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run through the wrapper to the end (for the faults that do not pause)."""
    process, _ = start_with_fault(cwd, fault, *args)
    stdout, stderr = process.communicate(timeout=TIMEOUT_S)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def wait_ready(process: subprocess.Popen[str], control: Path) -> list[int]:
    """Wait until the wrapper reached its fault's point; its pid, then its workers' pids."""
    deadline = time.monotonic() + TIMEOUT_S
    ready = control / "ready"
    while not ready.exists():
        if process.poll() is not None:
            raise AssertionError(
                f"run ended ({process.returncode}) before the fault point: {process.stderr.read()}"
            )
        if time.monotonic() > deadline:
            raise AssertionError("run never reached the fault point")
        time.sleep(0.02)
    return [int(line) for line in ready.read_text().split()]


def release(control: Path) -> None:
    (control / "go").touch()


def is_gone(pid: int) -> bool:
    """The process no longer runs (exited; a zombie nobody reaped counts as gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return True
    return fields[0] in ("Z", "X")


def wait_all_gone(pids: list[int], timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while not all(is_gone(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def outputs(directory: Path) -> dict[str, bytes]:
    """Every file a user sees in ``directory`` (not inputs, not leftovers): name -> bytes."""
    return {
        path.name: path.read_bytes()
        for path in sorted(directory.iterdir())
        if path.is_file()
        and path.suffix in (".jsonl", ".json")
        and path.name != "notes.jsonl"
        and not path.name.startswith(".")
    }


def leftovers(directory: Path) -> list[str]:
    """Temp and lock files deid left in ``directory`` (recursively)."""
    return sorted(
        str(path.relative_to(directory))
        for path in directory.rglob("*")
        if any(marker in path.name for marker in LEFTOVER_MARKERS)
    )


def kill_if_running(process: subprocess.Popen[str]) -> None:
    """Test clean-up: never leave a paused wrapper (or its workers) behind."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=TIMEOUT_S)

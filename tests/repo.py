"""Where the repository's own files are, for tests in any folder of tests/."""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = REPO_ROOT / "examples" / "notes.jsonl"
SCRIPTS = REPO_ROOT / "scripts"

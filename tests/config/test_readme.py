"""The README's curl walkthrough works top to bottom as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def shell_lines() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_nothing_uses_the_token_after_it_is_logged_out():
    lines = shell_lines()
    logouts = [i for i, line in enumerate(lines) if re.search(r"/auth/logout(?!-all)", line)]
    assert len(logouts) == 1
    later = [line for line in lines[logouts[0] + 1 :] if '"$AUTH"' in line]
    # Only the check that the token is revoked may follow, and it must say so.
    assert all("401" in line for line in later), later

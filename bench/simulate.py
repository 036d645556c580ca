"""Play computer players against each other and print win rates, scores and decision times.

    python bench/simulate.py --a hard --b baseline --games 2000 --seed 7 --workers 2

The same as ``python manage.py simulate`` without Django: see :mod:`games.variants.simulate`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.variants.simulate import main

if __name__ == "__main__":
    raise SystemExit(main())

"""A bare DRF endpoint, mounted only for ``bench/api_load.py``: token authentication, then
the essential transaction of a game action (lock the game row, insert a move, update the
game) and nothing else. It is the reference the real action path is measured against."""

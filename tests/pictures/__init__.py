"""Pictures as Discord shows them: every picture kind of every game rendered at its
largest case, with its displayed size and the smallest text in it at that size.

- drawn.py: records every string drawn into a picture and its font size, per PNG.
- sheet.py: plays games and measures every picture kind; `python -m tests.pictures.sheet
  --out DIR` saves each kind's largest case and prints the figures.
- test_readable.py: no text below `games.pictures.MIN_SHOWN_TEXT` at the desktop
  displayed size, and landscape (or square) shapes.
"""

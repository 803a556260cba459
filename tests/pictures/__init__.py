"""Pictures as Discord shows them: every picture kind of every game rendered at its
largest case, with its displayed size and the smallest text in it at that size.

- drawn.py: records every string drawn into a picture, its font size and whether it is
  minor text, per PNG.
- sheet.py: plays games and measures every picture kind; `python -m tests.pictures.sheet
  --out DIR` saves each kind's largest case and prints the figures.
- test_readable.py: no text below 9 px on a phone (12 px but minor text) nor below 11 px
  on a desktop (`games.pictures`), and shapes at most a little higher than wide.
"""

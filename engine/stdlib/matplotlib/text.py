# matplotlib.text: Text, the artist text()/annotate()/titles are made of.
from matplotlib.pyplot import Text

__all__ = ["Text"]

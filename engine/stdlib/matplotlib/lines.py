# matplotlib.lines: Line2D, the artist plot() returns (defined with pyplot's other headless artists);
# importable on its own as code builds legend handles with it (`Line2D([0], [0], color=c, lw=4)`).
from matplotlib.pyplot import Line2D

__all__ = ["Line2D"]

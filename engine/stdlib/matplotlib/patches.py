# matplotlib.patches: the patch artists Kiln's headless pyplot makes (bar rectangles, arrows), for
# code that imports them (legend handles, isinstance checks); Axes.add_patch is not modelled yet.
from matplotlib.pyplot import FancyArrow, Rectangle

__all__ = ["FancyArrow", "Rectangle"]

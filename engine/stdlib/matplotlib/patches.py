# matplotlib.patches: the patch artists Kiln's headless pyplot makes (bar rectangles, arrows), for
# code that imports them (legend handles, isinstance checks) and hands them to Axes.add_patch.
from matplotlib.pyplot import FancyArrow, Rectangle

__all__ = ["FancyArrow", "Rectangle"]

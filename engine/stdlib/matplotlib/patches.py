# matplotlib.patches: the patch artists Kiln's headless pyplot makes (bar rectangles, arrows) and those
# programs make themselves (Circle, Arc angle markers), for code that imports them (legend handles,
# isinstance checks) and hands them to Axes.add_patch or a PatchCollection.
from matplotlib.pyplot import Arc, Circle, FancyArrow, Rectangle

__all__ = ["Arc", "Circle", "FancyArrow", "Rectangle"]

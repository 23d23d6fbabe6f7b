# matplotlib.figure: Figure (`from matplotlib.figure import Figure` in type hints and helpers).
from matplotlib.pyplot import Figure

__all__ = ["Figure"]

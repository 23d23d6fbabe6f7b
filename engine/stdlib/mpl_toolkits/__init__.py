# mpl_toolkits for Kiln: the namespace of matplotlib's toolkits; only mplot3d (see matplotlib/__init__.py).

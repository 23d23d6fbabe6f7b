# A module two namespace packages deep (nspkg/inner has no __init__.py either), for
# import_namespace_package.py.
def scale(x):
    return 3 * x

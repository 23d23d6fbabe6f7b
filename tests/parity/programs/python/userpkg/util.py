# userpkg.util: imported relatively by the package and its submodules.
def double(x):
    return 2 * x


def where():
    return __name__, __package__

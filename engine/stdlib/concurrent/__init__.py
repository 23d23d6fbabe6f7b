# concurrent: the package of concurrent.futures (CPython 3.11 has nothing else in it).

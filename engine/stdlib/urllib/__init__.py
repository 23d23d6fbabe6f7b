# urllib: the package of CPython's URL modules (parse, error, request). Programs import
# urllib.request at the top to download data sets and weights when they are missing; Kiln runs
# offline, so the network half of urllib.request raises URLError as an offline CPython does, while
# urllib.parse works fully.

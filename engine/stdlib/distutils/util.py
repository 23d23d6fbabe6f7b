# distutils.util: strtobool only (the rest of the module drives builds).


def strtobool(val):
    # Accepted spellings are compared case-insensitively; setuptools' copy returns a bool.
    val = val.lower()
    if val in ("y", "yes", "t", "true", "on", "1"):
        return True
    if val in ("n", "no", "f", "false", "off", "0"):
        return False
    raise ValueError("invalid truth value %r" % (val,))

# error: 2:7: assignment expressions (':=') are not supported in Kiln
if (n := len(a)) > 10:
    pass

# badinput: '{:.{}f}'.format(1.0, 10**10)
# expect-exit: 1
# expect-stderr: ValueError: precision too big
s = "{:.{}f}".format(1.0, 10**10)

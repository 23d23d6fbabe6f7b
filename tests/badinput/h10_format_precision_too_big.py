# badinput: format precision too big
# expect-exit: 1
# expect-stderr: ValueError: Too many decimal digits in format string
"{:.10000000000000000000}".format(1.5)

# badinput: a format spec nested three deep
# expect-exit: 1
# expect-stderr: ValueError: Max string recursion exceeded
"{0:{0:{0}}}".format(1)

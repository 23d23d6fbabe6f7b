# badinput: format unmatched brace
# expect-exit: 1
# expect-stderr: ValueError: Single '{' encountered in format string
"{".format(1)

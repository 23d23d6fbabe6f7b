# badinput: an empty program runs and exits 0
# expect-exit: 0

# badinput: percent d str
# expect-exit: 1
# expect-stderr: TypeError: %d format: a real number is required, not str
"%d" % "a"

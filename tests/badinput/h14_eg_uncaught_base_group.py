# badinput: an uncaught BaseExceptionGroup of a KeyboardInterrupt: printed as a group, exit 1 (h14 sweep)
# expect-exit: 1
# expect-stderr: +------------------------------------
raise BaseExceptionGroup('stop', [KeyboardInterrupt()])

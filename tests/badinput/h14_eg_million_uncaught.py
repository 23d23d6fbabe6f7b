# badinput: an uncaught ExceptionGroup of 10**6 exceptions: the printer stops after 15 parts (h14 sweep)
# expect-exit: 1
# expect-stderr: +------------------------------------
raise ExceptionGroup('many', [ValueError(i) for i in range(10**6)])

# badinput: Python 2's print >>stream
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for >>: 'builtin_function_or_method' and '_io.TextIOWrapper'. Did you mean "print(<message>, file=<output_stream>)"?
import sys
print >>sys.stderr, 'x'

# badinput: a set comprehension over an endless range of distinct strings
# kiln-args: --max-heap-mb 128
# expect-exit: 1
# expect-stderr: Kiln: the program's Python objects reached the heap cap of 128 MiB (raise it with --max-heap-mb N, 0 for none)
import itertools
s = {str(i) + "-" + str(i) for i in itertools.count()}

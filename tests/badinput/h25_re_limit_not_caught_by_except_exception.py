# badinput: the step limit is a KilnLimitError (a BaseException, as the instruction budget's): 'except Exception' does not swallow it and retry forever
# expect-exit: 1
# expect-stderr: KilnLimitError: regular expression backtracking limit exceeded
import re
pat = re.compile(r'(?:a?){30}a{30}')
for attempt in range(1000):
    try:
        pat.fullmatch('a' * 30 + 'b')
    except Exception:
        print('retry', attempt)

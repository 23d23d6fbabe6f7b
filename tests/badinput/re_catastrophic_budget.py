# badinput: catastrophic regex backtracking under a step budget (std::regex could not be stopped)
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
import re
print(re.match("(a+)+$", "a" * 40 + "b"))

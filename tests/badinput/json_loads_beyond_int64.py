# badinput: a JSON integer beyond 64 bits is a Python int (was OverflowError: Kiln's int is 64-bit)
# expect-exit: 0
# expect-stdout: 123456789012345678901234567890
import json
print(json.loads("123456789012345678901234567890"))

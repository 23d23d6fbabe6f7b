# badinput: json.dumps(nan, allow_nan=False): 'Out of range float values are not JSON compliant: nan'
# expect-exit: 1
# expect-stderr: ValueError: Out of range float values are not JSON compliant: nan
import json
json.dumps(float('nan'), allow_nan=False)

# badinput: a NumPy object array (probe 11: labml's sketch_rnn builds `np.array(ragged_strokes,
# dtype=object)`); Kiln's arrays hold numbers and bools only, so it is named, not misread as a dtype
# expect-exit: 1
# expect-stderr: NotImplementedError: numpy object arrays (dtype=object) are not supported in Kiln
import numpy as np
strokes = [np.zeros((3, 3)), np.zeros((5, 3))]
data = np.array(strokes, dtype=object)

# torch.utils.benchmark: Timer, Measurement, Compare (see utils/timer.py, utils/common.py,
# utils/compare.py). Only the Python-statement timer: no Callgrind counts (collect_callgrind) and
# no C++ statements (language='cpp').
from torch.utils.benchmark.utils.common import Measurement, select_unit
from torch.utils.benchmark.utils.timer import Timer, Language
from torch.utils.benchmark.utils.compare import Compare

# badinput: linalg.eigh with UPLO='X'
# expect-exit: 1
# expect-stderr: RuntimeError: Expected UPLO argument to be 'L' or 'U', but got X
import torch
torch.linalg.eigh(torch.eye(2), UPLO="X")

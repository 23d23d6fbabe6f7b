# scipy.optimize for Kiln: only linear_sum_assignment (the Hungarian matching that DETR-style set
# losses and tracking code call); minimize, least_squares, curve_fit and the root finders are not
# provided.
from scipy.optimize._lsap import linear_sum_assignment

__all__ = ["linear_sum_assignment"]

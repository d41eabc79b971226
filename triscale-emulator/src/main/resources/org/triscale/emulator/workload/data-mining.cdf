# Data-mining flow sizes (Greenberg et al., VL2, SIGCOMM 2009), as tabulated in pFabric's
# simulation scripts (Alizadeh et al., SIGCOMM 2013) and reused across datacenter CCA papers.
# Columns: flow size in bytes (packets of 1,460 bytes), cumulative probability.
# Sizes between two points are interpolated linearly.
1460 0
1460 0.5
2920 0.6
4380 0.7
10220 0.8
389820 0.9
3076220 0.95
97333820 0.99
973333820 1

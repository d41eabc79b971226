# Data-mining flow sizes: the VL2 measurement (Greenberg et al., "VL2: A Scalable and Flexible
# Data Center Network", SIGCOMM 2009, Fig. 2) as tabulated for the pFabric simulations (Alizadeh
# et al., "pFabric: Minimal Near-Optimal Datacenter Transport", SIGCOMM 2013) and reused by later
# datacenter CCA papers (PIAS, MQ-ECN, ...): flow sizes 1, 1, 2, 3, 7, 267, 2107, 66667 and
# 666667 packets at cumulative probabilities 0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99 and 1.
# Checked point by point against that table (the ns-2 "CDF_vl2" file of those simulations);
# mean 5116 packets (7.47 MB; those simulations state 5117).
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

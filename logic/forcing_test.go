package logic

var _ = addCases([]techCase{
	{"forcing chain", xyRing(1), ForcingChain, nil, elims(1, cell(1, 9))},
	{"no forcing chain", xyRing(5), ForcingChain, nil, nil},
	{"forcing net", xyRing(1), ForcingNet, nil, elims(1, cell(1, 9))},
	{"no forcing net", xyRing(5), ForcingNet, nil, nil},
}...)

package server

func (s *server) solverEndpoints() []endpoint { return nil }

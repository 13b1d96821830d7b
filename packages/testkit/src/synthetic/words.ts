/** Vocabulary for synthetic prose: plain ASCII, so string length equals byte length. */
export const WORDS: readonly string[] = `
harbour channel tide vessel pilot ledger signal engine current anchor beacon cargo crane quay
berth buoy chart compass crew deck draft estuary ferry fleet freight gale hull inlet jetty keel
lantern lighthouse mast mooring navigation ocean port propeller radar reef rope rudder sail
schedule shore sounding starboard stern storm surveyor tanker tugboat voyage warehouse wave
weather wharf winch yard archive budget bridge canal census committee council district market
museum office railway record report river road school station street survey tower valley
village analysis answer balance capacity change choice context data decision design detail
effort evidence example factor feature focus growth history idea impact index method model
measure network number option pattern period plan policy practice process project quality
question range reason result review risk sample season sector series service source stage
standard step structure system table target task theory trend value version volume window
careful quiet steady early late brief broad clear common direct exact final formal gentle
heavy local major minor modern narrow natural normal open plain public rapid rare recent
regular remote rough simple single small smooth solid special strict strong useful various
visible warm wide young ancient northern southern eastern western coastal inland seasonal
measures follows carries checks builds counts covers crosses enters explains finds gathers
guides holds joins keeps leads lists marks moves notes opens orders passes records returns
shows sorts starts tracks turns waits watches writes across after along around before behind
below beside between beyond during inside near through toward under within without
`
  .trim()
  .split(/\s+/);

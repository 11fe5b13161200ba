import ClockworkCore
import Testing

/// Dates in other calendars (through ICU), and the calendar's name read as a person writes it.
@Suite struct LocalDatesTests {
  static let day = CivilTime(
    year: 2026, month: 11, day: 26, hour: 10, minute: 0, second: 0, utcOffset: 0)

  @Test(arguments: [
    ("buddhist", "2569"), ("persian", "1405"), ("hebrew", "5787"), ("japanese", "Reiwa"),
    ("islamic", "1448"), ("roc", "115"),
  ])
  func aDateInAnotherCalendarCarriesItsYear(name: String, year: String) throws {
    let calendar = try DateCalendar(parsing: name)
    try LocalDates.check(calendar)
    let date = LocalDates.date(Self.day, calendar: calendar)
    #expect(date.contains(year), "\(date)")
    #expect(LocalDates.dayAndDate(Self.day, calendar: calendar) == date)
    #expect(!date.contains("2026"), "\(date)")
  }

  @Test func theGregorianCalendarIsTheCLibrarysAndKeepsItsYear() throws {
    let calendar = try DateCalendar(parsing: "Gregorian")
    #expect(calendar == .gregorian)
    #expect(LocalDates.date(Self.day, calendar: calendar).contains("2026"))
  }

  @Test func anUnknownCalendarIsRefusedWithTheKnownOnes() {
    #expect {
      try DateCalendar(parsing: "martian")
    } throws: { error in
      "\(error)".contains("unknown calendar 'martian'") && "\(error)".contains("buddhist, chinese")
    }
  }
}

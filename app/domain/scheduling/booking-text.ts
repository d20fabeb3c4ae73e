/**
 * What the booking screens and answers say (issue 31 item 3). Browser-safe: the forms, the enhancement
 * script's JSON answers and the server share these words.
 */
export const BOOKING_TEXT = {
  legend: "Pick a time for your inspection (optional)",
  hint: "Times are Eastern Time. Choose one and we'll book it for you; leave it and we'll call to set a time.",
  noSlot: "No time now, call me",
  noSlots: "There are no free times online right now: send the request and we'll call you to set a time.",
  moreTimes: "See all open times",
  slotInvalid: "Choose one of the listed times.",
  takenTitle: "That time was just taken",
  takenText: "Someone booked that time a moment before you. Please pick one of the next free times below; nothing was sent yet.",
  unavailableTitle: "That time is no longer available",
  unavailableText: "That time can't be booked any more. Please pick one of the next free times below; nothing was sent yet.",
  addressNeeded: "Enter the property's address to book a time: the inspector comes there.",
  outsideNotBooked: "The time you picked is not booked yet: the office will call you about it.",
  bookedTitle: "Your inspection is booked",
  tooLate: "It's too close to the inspection to change it online. Please call us.",
  moved: "Your inspection is moved. We emailed you the new time.",
  cancelled: "Your inspection is cancelled. We emailed you a confirmation.",
  same: "That is already your time.",
  linkInvalid: "This link is no longer valid: the appointment has changed since it was sent. Use the link in the latest email, or call us.",
} as const;

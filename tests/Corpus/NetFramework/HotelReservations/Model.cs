using System;
using System.Collections.Generic;
using System.Runtime.Serialization;

namespace Contoso.Hospitality.Reservations
{
    public enum RoomType
    {
        Standard = 1,
        Deluxe = 2,
        Suite = 3,
    }

    [DataContract]
    public enum CancellationReason
    {
        [EnumMember] Unspecified = 0,
        [EnumMember(Value = "guest-request")] GuestRequest = 1,
        [EnumMember(Value = "no-show")] NoShow = 2,
        [EnumMember(Value = "overbooking")] Overbooking = 3,
    }

    [DataContract]
    public class Guest
    {
        [DataMember(Order = 1)] public string FullName { get; set; }
        [DataMember(Order = 2)] public string Email { get; set; }
        [DataMember(Order = 3)] public string LoyaltyNumber { get; set; }
    }

    [DataContract]
    public class CorporateGuest : Guest
    {
        [DataMember(Order = 1)] public string CompanyAccount { get; set; }
        [DataMember(Order = 2)] public decimal NegotiatedDiscount { get; set; }
    }

    [DataContract]
    public class RoomAvailability
    {
        [DataMember] public string RoomNumber { get; set; }
        [DataMember] public RoomType Type { get; set; }
        [DataMember] public decimal NightlyRate { get; set; }
        [DataMember] public int MaxOccupancy { get; set; }
        [DataMember] public List<string> Amenities { get; set; }
    }

    [DataContract]
    public class BookingRequest
    {
        [DataMember] public string HotelCode { get; set; }
        [DataMember] public string RoomNumber { get; set; }
        [DataMember] public Guest PrimaryGuest { get; set; }
        [DataMember] public List<Guest> AdditionalGuests { get; set; }
        [DataMember] public DateTime Arrival { get; set; }
        [DataMember] public DateTime Departure { get; set; }
        [DataMember] public string SpecialRequests { get; set; }
    }

    [DataContract]
    public class Reservation
    {
        [DataMember] public string ConfirmationNumber { get; set; }
        [DataMember] public BookingRequest Booking { get; set; }
        [DataMember] public decimal TotalPrice { get; set; }
        [DataMember] public DateTimeOffset BookedAt { get; set; }
        [DataMember] public CancellationReason? CancelledBecause { get; set; }
    }

    [DataContract]
    public class ReservationFault
    {
        [DataMember] public string Code { get; set; }
        [DataMember] public string Message { get; set; }
        [DataMember] public string ConfirmationNumber { get; set; }
    }
}

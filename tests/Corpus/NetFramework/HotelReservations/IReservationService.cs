using System;
using System.Collections.Generic;
using System.ServiceModel;
using System.Threading.Tasks;

namespace Contoso.Hospitality.Reservations
{
    /// <summary>The booking engine behind the front desk and the public website.</summary>
    [ServiceContract(Namespace = "http://contoso.com/hospitality/reservations/v2", SessionMode = SessionMode.Allowed)]
    [ServiceKnownType(typeof(CorporateGuest))]
    public interface IReservationService
    {
        /// <summary>Rooms free for the whole stay.</summary>
        [OperationContract]
        [FaultContract(typeof(ReservationFault))]
        List<RoomAvailability> FindRooms(string hotelCode, DateTime arrival, DateTime departure, int guests, RoomType? preferred);

        [OperationContract]
        [FaultContract(typeof(ReservationFault))]
        Task<Reservation> BookAsync(BookingRequest request);

        [OperationContract]
        Reservation Get(string confirmationNumber);

        [OperationContract]
        [FaultContract(typeof(ReservationFault))]
        void Cancel(string confirmationNumber, CancellationReason reason);

        [OperationContract(IsOneWay = true)]
        void NotifyLateArrival(string confirmationNumber, TimeSpan expectedDelay);

        [OperationContract]
        Dictionary<DateTime, decimal> GetRateCalendar(string hotelCode, RoomType type, int year, int month);
    }
}

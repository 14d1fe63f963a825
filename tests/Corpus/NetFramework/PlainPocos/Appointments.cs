using System;
using System.Collections.Generic;
using System.ServiceModel;

namespace Fabrikam.Clinic.Scheduling
{
    // No [DataContract]: WCF serializes public read/write properties of plain types (since .NET 3.5 SP1).
    public class Appointment
    {
        public int AppointmentId { get; set; }
        public string PatientName { get; set; }
        public DateTime Start { get; set; }
        public TimeSpan Length { get; set; }
        public Practitioner With { get; set; }
        public string ReadOnlySummary => PatientName + " " + Start;
    }

    public class Practitioner
    {
        public string LicenseNumber { get; set; }
        public string Name { get; set; }
        public List<string> Specialties { get; set; }
    }

    [ServiceContract]
    public interface IAppointmentBook
    {
        [OperationContract]
        Appointment Book(string patientName, DateTime start, string licenseNumber);

        [OperationContract]
        List<Appointment> GetDay(DateTime day);
    }
}

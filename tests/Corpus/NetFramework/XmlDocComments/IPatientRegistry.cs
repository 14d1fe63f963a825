using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Contoso.Health.Registry
{
    /// <summary>
    /// A patient as the registry stores it. Identifiers are <c>MRN</c>s issued by the admitting hospital.
    /// </summary>
    /// <remarks>Demographics only; clinical data lives in the EHR.</remarks>
    [DataContract]
    public class Patient
    {
        /// <summary>Medical record number, unique per hospital.</summary>
        [DataMember] public string Mrn { get; set; }

        /// <summary>Legal name as on the insurance card.</summary>
        [DataMember] public string LegalName { get; set; }

        /// <summary>Date of birth; the time part is always midnight.</summary>
        [DataMember] public DateTime BirthDate { get; set; }

        // A plain comment, not documentation.
        [DataMember] public string PreferredLanguage { get; set; }
    }

    /// <summary>Blood group, ABO system.</summary>
    public enum BloodGroup
    {
        /// <summary>Not typed yet.</summary>
        Unknown = 0,

        /// <summary>Group A.</summary>
        A = 1,

        /// <summary>Group B.</summary>
        B = 2,

        /// <summary>Group AB.</summary>
        AB = 3,

        /// <summary>Group O.</summary>
        O = 4,
    }

    /// <summary>Master patient index: admits, finds and merges patient records.</summary>
    [ServiceContract]
    public interface IPatientRegistry
    {
        /// <summary>Registers a patient and returns the MRN.</summary>
        /// <param name="patient">The patient to register; <see cref="Patient.Mrn"/> is ignored.</param>
        /// <returns>The new medical record number.</returns>
        [OperationContract]
        string Register(Patient patient);

        /// <summary>
        /// Finds a patient by MRN.
        /// Returns <c>null</c> when no record matches.
        /// </summary>
        /// <param name="mrn">Medical record number.</param>
        [OperationContract]
        Patient Find(string mrn);

        /// <summary>Merges <paramref name="duplicateMrn"/> into <paramref name="survivorMrn"/>. */ Not a comment end. </summary>
        [OperationContract]
        void Merge(string survivorMrn, string duplicateMrn);

        /// <summary>Blood group on record.</summary>
        [OperationContract]
        BloodGroup GetBloodGroup(string mrn);
    }
}

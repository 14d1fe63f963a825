<%@ Application Codebehind="Global.asax.cs" Inherits="Shapes.Service.Global" Language="C#" %>
